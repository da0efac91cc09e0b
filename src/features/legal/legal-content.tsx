// The Terms of Service and the Privacy Policy of Checkpoint: one text, shown in the terms and
// privacy modal (opened from the signup form) and on the /terms and /privacy pages.
import type { ReactNode } from 'react';
import { TERMS_LAST_UPDATED } from '../../core/auth-rules.ts';

export { TERMS_LAST_UPDATED };

export interface LegalSection {
  readonly id: string;
  readonly title: string;
  readonly body: ReactNode;
  readonly subsections?: readonly { readonly id: string; readonly title: string; readonly body: ReactNode }[];
}

export interface LegalDocument {
  readonly id: 'terms' | 'privacy';
  readonly title: string;
  readonly intro: ReactNode;
  readonly sections: readonly LegalSection[];
}

export const CONTACT_EMAIL = 'privacy@checkpoint.example';

export const TERMS: LegalDocument = {
  id: 'terms',
  title: 'Terms of Service',
  intro: (
    <p>
      Checkpoint is a community for people who play video games: you can track what you play, rate and review games, and
      follow other players. These terms are the agreement between you and Checkpoint when you use the website or the
      installed app. By creating an account you accept them.
    </p>
  ),
  sections: [
    {
      id: 'terms-accounts',
      title: 'Your account',
      body: (
        <>
          <p>
            You need an account to write reviews, like and comment, follow members and keep lists. Visitors can browse
            games, reviews and profiles without one.
          </p>
          <ul>
            <li>
              You must be at least 13 years old, or the minimum age for online services in your country if that is
              higher.
            </li>
            <li>Give a working email address: we use it to confirm your account and to let you reset your password.</li>
            <li>Keep your password to yourself. You are responsible for what happens under your account.</li>
            <li>One person, one account. Usernames that impersonate someone else may be changed or removed.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'terms-content',
      title: 'Your content',
      body: <p>Ratings, reviews, comments, lists and your profile are your content. You keep ownership of it.</p>,
      subsections: [
        {
          id: 'terms-licence',
          title: 'The permission you give us',
          body: (
            <p>
              So that we can run the service, you allow Checkpoint to store, copy, display and distribute your public
              content on Checkpoint, for as long as it stays on the service. This permission ends when you delete the
              content or your account, except for copies other members have already quoted in their replies.
            </p>
          ),
        },
        {
          id: 'terms-conduct',
          title: 'Community rules',
          body: (
            <>
              <p>Be fair to games and kind to people. Do not post content that:</p>
              <ul>
                <li>harasses, threatens or discriminates against anyone;</li>
                <li>is spam, advertising, or written to manipulate ratings (including paid or fake reviews);</li>
                <li>spoils a major story moment without a clear warning at the start;</li>
                <li>infringes someone else&apos;s copyright, trademark or privacy;</li>
                <li>is illegal where you live or where it is read.</li>
              </ul>
            </>
          ),
        },
      ],
    },
    {
      id: 'terms-offline',
      title: 'Offline use and syncing',
      body: (
        <p>
          Checkpoint works without a connection: what you do offline is saved on your device first and sent to our
          servers when you are back online. Until then it exists only on that device. If you sign out, clear your
          browser data or lose the device before a change has synced, that change can be lost. The app tells you when
          changes are waiting and asks before signing out over them. A change the server refuses (for example a second
          review of the same game) is undone on your device and you are told why.
        </p>
      ),
    },
    {
      id: 'terms-moderation',
      title: 'Moderation and suspension',
      body: (
        <p>
          We may remove content that breaks these terms and may suspend or close accounts that do so repeatedly or
          seriously. Where we can, we tell you what was removed and why. If you think we got it wrong, write to us and a
          person will look at it again.
        </p>
      ),
    },
    {
      id: 'terms-game-data',
      title: 'Game information',
      body: (
        <p>
          Game titles, covers, release dates and descriptions come from the IGDB games database and belong to their
          respective owners. Member ratings are opinions of members, not of Checkpoint. We try to keep game information
          accurate but cannot promise that it is complete or error-free.
        </p>
      ),
    },
    {
      id: 'terms-ending',
      title: 'Deleting your account',
      body: (
        <p>
          You can delete your account at any time from the account menu. This removes your profile, reviews, comments,
          likes, follows, lists and progress from our servers straight away, and signs you out. You can stop using
          Checkpoint without notice; we may end the service with at least 30 days&apos; notice, during which you can
          export your data.
        </p>
      ),
    },
    {
      id: 'terms-liability',
      title: 'Warranty and liability',
      body: (
        <p>
          Checkpoint is provided as it is, free of charge. To the extent the law allows, we are not liable for indirect
          losses, lost data that had not synced, or losses caused by other members&apos; content. Nothing in these terms
          limits rights you have as a consumer that cannot be limited by contract.
        </p>
      ),
    },
    {
      id: 'terms-changes',
      title: 'Changes to these terms',
      body: (
        <p>
          When we change these terms we update the date at the top. For changes that matter, we tell members in the app
          at least 14 days before they apply. Using Checkpoint after that means you accept the new terms.
        </p>
      ),
    },
  ],
};

export const PRIVACY: LegalDocument = {
  id: 'privacy',
  title: 'Privacy Policy',
  intro: (
    <p>
      This policy explains what Checkpoint stores about you, where it is kept, who can see it, and how you can take it
      with you or delete it. We collect only what the service needs, we do not sell personal data, and we do not show
      ads.
    </p>
  ),
  sections: [
    {
      id: 'privacy-collect',
      title: 'What we collect',
      body: null,
      subsections: [
        {
          id: 'privacy-account-data',
          title: 'Account data',
          body: (
            <p>
              Your email address, username and a securely hashed password. If you sign in with GitHub, Google or
              Discord, we receive your email address and display name from that provider, never its password. Your email
              is never shown to other members.
            </p>
          ),
        },
        {
          id: 'privacy-activity',
          title: 'What you add',
          body: (
            <p>
              Ratings, reviews, comments, likes, follows, your Top 5, wishlist, collection and play progress, and any
              profile details you choose to add (bio, location, website, platforms, avatar).
            </p>
          ),
        },
        {
          id: 'privacy-technical',
          title: 'Technical data',
          body: (
            <p>
              Our servers keep standard request logs (IP address, time, browser) for up to 14 days to keep the service
              secure and working. We use no advertising or cross-site tracking, and no third-party analytics.
            </p>
          ),
        },
      ],
    },
    {
      id: 'privacy-where',
      title: 'Where your data is stored',
      body: null,
      subsections: [
        {
          id: 'privacy-device',
          title: 'On your device',
          body: (
            <p>
              To work offline, the app keeps a copy of the games you look at, your own data, your sign-in session and
              changes not yet synced in your browser&apos;s storage (IndexedDB) on this device. Recent searches are kept
              in local storage. Signing out removes your personal data from the device; public game information stays so
              that search keeps working offline. Clearing your browser data removes all of it.
            </p>
          ),
        },
        {
          id: 'privacy-server',
          title: 'On our servers',
          body: (
            <p>
              Your account and everything you add are stored in our hosted database, protected by access rules so that
              only you can change your own data. Data is encrypted in transit and at rest, and backups are kept for up
              to 30 days.
            </p>
          ),
        },
      ],
    },
    {
      id: 'privacy-visible',
      title: 'What other people can see',
      body: (
        <p>
          Your username, profile details, ratings, reviews, comments, likes, follows, lists and progress are public:
          anyone, including visitors without an account, can see them. Your email address, password and sign-in details
          are private.
        </p>
      ),
    },
    {
      id: 'privacy-use',
      title: 'How we use your data',
      body: (
        <ul>
          <li>to run your account and show your content where you put it;</li>
          <li>to send the emails you need: account confirmation and password reset (no newsletters unless you ask);</li>
          <li>to keep the service secure, and to act on reports of abuse;</li>
          <li>to compute public statistics such as a game&apos;s average member rating.</li>
        </ul>
      ),
    },
    {
      id: 'privacy-rights',
      title: 'Your choices and rights',
      body: null,
      subsections: [
        {
          id: 'privacy-export',
          title: 'Exporting your data',
          body: (
            <p>
              You can ask for a copy of everything we hold about you in a machine-readable format (JSON) by writing to{' '}
              <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>. We answer within 30 days.
            </p>
          ),
        },
        {
          id: 'privacy-deletion',
          title: 'Deleting your data',
          body: (
            <p>
              Edit or delete any review or comment at any time. Deleting your account (account menu, then Delete
              account) removes your account and everything you added from our servers at once; copies in backups expire
              within 30 days. You also have the right to correct your data, to object to its use and to complain to your
              data protection authority.
            </p>
          ),
        },
      ],
    },
    {
      id: 'privacy-cookies',
      title: 'Cookies and local storage',
      body: (
        <p>
          Checkpoint uses browser storage only for what the app needs: your session, the offline copy described above,
          and one cookie that lasts until you close the browser, used when you sign in without &quot;Remember me&quot;.
          There are no advertising or tracking cookies.
        </p>
      ),
    },
    {
      id: 'privacy-contact',
      title: 'Contact',
      body: (
        <p>
          Questions about this policy or your data: <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>. If we
          change this policy in a way that matters, we tell members in the app before the change applies.
        </p>
      ),
    },
  ],
};

/** The contents list of a document: its title (h2) and the section headings (h3) below it. */
export interface TocEntry {
  readonly id: string;
  readonly title: string;
  readonly level: 2 | 3;
}

export function tableOfContents(docs: readonly LegalDocument[], withDocTitles: boolean): TocEntry[] {
  return docs.flatMap((doc) => [
    ...(withDocTitles ? [{ id: doc.id, title: doc.title, level: 2 as const }] : []),
    ...doc.sections.flatMap((s) => [
      { id: s.id, title: s.title, level: withDocTitles ? (3 as const) : (2 as const) },
      ...(withDocTitles
        ? []
        : (s.subsections ?? []).map((sub) => ({ id: sub.id, title: sub.title, level: 3 as const }))),
    ]),
  ]);
}
