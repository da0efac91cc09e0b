// Edit Profile (the spec's "edit-settings modal (loaded lazily)", with its username rules):
// username, bio, avatar URL, location, website and platforms, saved with profile.update. Only the
// changed fields travel; each field shows its own problem in the spec's words, and a refusal of
// the write (a username someone has) lands under its field.
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { MutationError } from '../../core/mutation-error.ts';
import {
  BIO_MAX_LENGTH,
  PLATFORM_CHOICES,
  PROFILE_TEXT,
  profileChanges,
  profileForm,
  type ProfileField,
  type ProfileForm,
} from '../../core/profile.ts';
import { write } from '../../data/actions.ts';
import type { UserRow } from '../../store/db.ts';
import { useToast } from '../../ui/toasts/toast-context.tsx';
import { ProfileModal } from './profile-modal.tsx';
import { ProfileIcon } from './profile-icons.tsx';
import { UserAvatar } from './user-avatar.tsx';

const ExportDataModal = lazy(() => import('./export-data-modal.tsx'));
const ImportDataModal = lazy(() => import('./import-data-modal.tsx'));

export interface EditSettingsModalProps {
  readonly user: UserRow;
  readonly memberId: number;
  readonly onClose: () => void;
}

type Errors = Partial<Record<ProfileField | 'form', string>>;

export default function EditSettingsModal({ user, memberId, onClose }: EditSettingsModalProps) {
  const toast = useToast();
  const id = useId();
  const [saved] = useState(() => profileForm(user));
  const [form, setForm] = useState<ProfileForm>(saved);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);
  const choices = [
    ...PLATFORM_CHOICES,
    ...saved.platforms.filter((p) => !PLATFORM_CHOICES.some((c) => c.toLowerCase() === p.toLowerCase())),
  ];
  const check = profileChanges(saved, form);
  const changed = check.ok ? check.changed : true;

  const set = <K extends keyof ProfileForm>(key: K, value: ProfileForm[K]) => {
    setForm((prev) => ({ ...prev, [key]: value }));
    const field: ProfileField = key === 'platforms' ? 'platform' : key;
    if (errors[field] || errors.form) setErrors((prev) => ({ ...prev, [field]: undefined, form: undefined }));
  };
  const togglePlatform = (name: string) => {
    const has = form.platforms.some((p) => p.toLowerCase() === name.toLowerCase());
    set(
      'platforms',
      has ? form.platforms.filter((p) => p.toLowerCase() !== name.toLowerCase()) : [...form.platforms, name],
    );
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const result = profileChanges(saved, form);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    if (!result.changed) {
      onClose();
      return;
    }
    setSaving(true);
    try {
      await write(memberId, 'profile.update', result.args);
      toast.push('Profile updated', 'info');
      onClose();
    } catch (error) {
      if (error instanceof MutationError && error.code === 'username_taken') setErrors({ username: error.message });
      else setErrors({ form: error instanceof MutationError ? error.message : PROFILE_TEXT.updateFailed });
      setSaving(false);
    }
  };

  const field = (name: ProfileField) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const problem = (name: ProfileField) =>
    errors[name] && (
      <p className="profile-form__error" id={`${id}-${name}-error`}>
        {errors[name]}
      </p>
    );

  return (
    <ProfileModal
      title="Edit Profile"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={`${id}-form`} className="button button--primary" disabled={saving || !changed}>
            {saving ? 'Saving…' : 'Save Changes'}
          </button>
        </>
      }
    >
      <form id={`${id}-form`} className="profile-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        {errors.form && (
          <p className="profile-form__banner" role="alert">
            {errors.form}
          </p>
        )}
        <div className="profile-form__field">
          <label htmlFor={`${id}-username`}>Username</label>
          <input
            {...field('username')}
            data-autofocus
            className="profile-form__input"
            value={form.username}
            autoComplete="username"
            maxLength={40}
            onChange={(e) => set('username', e.target.value)}
          />
          <p className="profile-form__hint">3 to 30 characters: letters, numbers and underscores.</p>
          {problem('username')}
        </div>
        <div className="profile-form__field">
          <label htmlFor={`${id}-bio`}>Bio</label>
          <textarea
            {...field('bio')}
            className="profile-form__input profile-form__textarea"
            rows={3}
            value={form.bio}
            onChange={(e) => set('bio', e.target.value)}
            placeholder="What do you like to play?"
          />
          <p
            className={`profile-form__counter${form.bio.length > BIO_MAX_LENGTH ? ' profile-form__counter--over' : ''}`}
            aria-live="polite"
          >
            {form.bio.length}/{BIO_MAX_LENGTH}
          </p>
          {problem('bio')}
        </div>
        <div className="profile-form__field">
          <label htmlFor={`${id}-avatar_url`}>Avatar URL</label>
          <div className="profile-form__avatar">
            <UserAvatar
              key={form.avatar_url}
              name={form.username || user.username}
              url={form.avatar_url.trim() || null}
              size={44}
            />
            <input
              {...field('avatar_url')}
              className="profile-form__input"
              type="url"
              inputMode="url"
              value={form.avatar_url}
              placeholder="https://…"
              onChange={(e) => set('avatar_url', e.target.value)}
            />
          </div>
          {problem('avatar_url')}
        </div>
        <div className="profile-form__row">
          <div className="profile-form__field">
            <label htmlFor={`${id}-location`}>Location</label>
            <input
              {...field('location')}
              className="profile-form__input"
              value={form.location}
              autoComplete="address-level2"
              onChange={(e) => set('location', e.target.value)}
            />
            {problem('location')}
          </div>
          <div className="profile-form__field">
            <label htmlFor={`${id}-website`}>Website</label>
            <input
              {...field('website')}
              className="profile-form__input"
              type="url"
              inputMode="url"
              value={form.website}
              placeholder="https://…"
              onChange={(e) => set('website', e.target.value)}
            />
            {problem('website')}
          </div>
        </div>
        <fieldset
          className="profile-form__field profile-form__platforms"
          aria-describedby={errors.platform ? `${id}-platform-error` : undefined}
        >
          <legend>Platforms</legend>
          <div className="profile-form__chips">
            {choices.map((name) => {
              const on = form.platforms.some((p) => p.toLowerCase() === name.toLowerCase());
              return (
                <label key={name} className={`profile-form__chip${on ? ' profile-form__chip--on' : ''}`}>
                  <input type="checkbox" checked={on} onChange={() => togglePlatform(name)} />
                  {name}
                </label>
              );
            })}
          </div>
          {problem('platform')}
        </fieldset>
        <section className="profile-form__data" aria-labelledby={`${id}-data`}>
          <h3 id={`${id}-data`}>Your data</h3>
          <p className="profile-form__hint">
            Download everything you keep on Checkpoint, as JSON or CSV, or bring games in from a Checkpoint or Grouvee
            export or any CSV. Works offline.
          </p>
          <div className="profile-form__data-actions">
            <button type="button" className="button button--ghost" onClick={() => setExporting(true)}>
              <ProfileIcon name="download" /> Export my data
            </button>
            <button type="button" className="button button--ghost" onClick={() => setImporting(true)}>
              <ProfileIcon name="upload" /> Import…
            </button>
          </div>
        </section>
      </form>
      {exporting && (
        <Suspense fallback={null}>
          <ExportDataModal memberId={memberId} onClose={() => setExporting(false)} />
        </Suspense>
      )}
      {importing && (
        <Suspense fallback={null}>
          <ImportDataModal memberId={memberId} onClose={() => setImporting(false)} />
        </Suspense>
      )}
    </ProfileModal>
  );
}
