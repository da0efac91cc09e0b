// Demo members for a fresh database (DEMO=on), so a newcomer sees a living site: reviews,
// comments, likes, follows, lists and Top 5s. Everything is written through sync_push as each
// member, the same path the app uses, so the demo obeys every rule the API enforces.
// Demo accounts can sign in with DEMO_PASSWORD.
import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { Db } from './db.ts';

export const DEMO_PASSWORD = 'Checkpoint-demo1';

interface DemoMember {
  username: string;
  name: string;
  bio: string;
  location?: string;
  platform: string;
}
type Step = [mutation: string, args: Record<string, unknown>];

const MEMBERS: DemoMember[] = [
  {
    username: 'pixel_pilgrim',
    name: 'Maya Okafor',
    bio: 'Open worlds, long walks, longer backlogs.',
    location: 'Lisbon',
    platform: 'PC, Switch',
  },
  {
    username: 'combo_breaker',
    name: 'Theo Lindqvist',
    bio: 'Soulslikes and fighting games. I read the frame data.',
    location: 'Malmö',
    platform: 'PS5, PC',
  },
  {
    username: 'cozy_quests',
    name: 'Aiko Tanaka',
    bio: 'Farming sims, puzzle games and anything with a cat in it.',
    location: 'Osaka',
    platform: 'Switch',
  },
  {
    username: 'retro_ranger',
    name: 'Sam Rivera',
    bio: 'Collector of cartridges. Still beating my NES high scores.',
    location: 'Austin',
    platform: 'Retro, Switch',
  },
  {
    username: 'speedrun_sage',
    name: 'Noor Haddad',
    bio: 'Any% enjoyer. Will route your favourite platformer.',
    location: 'Amman',
    platform: 'PC',
  },
  {
    username: 'story_first',
    name: 'Jonas Weber',
    bio: 'Here for writing, characters and choices that matter.',
    location: 'Leipzig',
    platform: 'PS5, Xbox Series X/S',
  },
];

// [member index, igdb id, rating, review text or null, platform]
const REVIEWS: Array<[number, number, number, string | null, string]> = [
  [
    0,
    7346,
    10,
    'Every hill hides something. No game has made curiosity feel this rewarding since the first Zelda.',
    'Switch',
  ],
  [0, 1942, 9.5, "The side quests are better than most games' main stories. Blood and Wine alone is worth it.", 'PC'],
  [0, 119133, 9, 'A vast, strange world that trusts you to find your own way. Brutal, fair and unforgettable.', 'PC'],
  [0, 17000, 8.5, null, 'Switch'],
  [1, 119133, 10, "FromSoftware's best boss roster. Malenia took me 61 tries and I loved every one.", 'PS5'],
  [1, 76882, 9.5, 'Parrying until the rhythm clicks is pure joy. The deflect system is a masterpiece.', 'PS5'],
  [1, 7334, 9, 'Gothic, fast and aggressive. The Old Hunters DLC is essential.', 'PS5'],
  [1, 2155, 8.5, null, 'PC'],
  [2, 17000, 10, 'My comfort game. Three years in and I still plan every spring season.', 'Switch'],
  [2, 26226, 9, 'Tight controls and a genuinely kind story about anxiety. The B-sides are no joke.', 'Switch'],
  [2, 26758, 8.5, 'Joyful from start to finish. Cappy possessions keep every kingdom fresh.', 'Switch'],
  [3, 358, 9, 'Still perfect level design forty years later. World 1-1 teaches everything without a word.', 'Retro'],
  [3, 1105, 9.5, 'Scanning everything, the music in Phendrana Drifts... a flawless jump to 3D.', 'Retro'],
  [3, 8197, 8, null, 'Retro'],
  [4, 26226, 10, 'The best movement in any platformer. Chapter 9 is the hardest thing I have ever routed.', 'PC'],
  [4, 14593, 9.5, 'Huge, dense and full of secrets. Pantheon of Hallownest is a rite of passage.', 'PC'],
  [4, 113112, 9.5, 'Every run feels different and the writing reacts to everything. Supergiant at their peak.', 'PC'],
  [5, 1942, 10, 'Characters that feel real and choices with weight. The Bloody Baron questline is unmatched.', 'PS5'],
  [5, 26472, 10, 'The best-written RPG ever made. Your own mind is the most interesting character.', 'PC'],
  [5, 25076, 9.5, "Arthur's story is slow, sad and beautiful. The epilogue hit me harder than I expected.", 'PS5'],
  [5, 1009, 9.5, 'A masterclass in pacing and performance. That ending still starts arguments.', 'PS5'],
];

const COMMENTS: Array<[author: number, reviewer: number, igdbId: number, text: string]> = [
  [1, 0, 119133, 'Agreed. Did you beat Malenia yet?'],
  [0, 1, 119133, 'Not yet. She is the reason I now own a stress ball.'],
  [5, 0, 1942, 'Hearts of Stone has the best villain in the series though.'],
  [2, 4, 26226, 'The strawberries nearly broke me, but the ending was worth it.'],
  [3, 2, 26758, 'The Mushroom Kingdom finale is pure nostalgia fuel.'],
  [4, 5, 26472, 'Adding this to my list. Is it good for a first-time RPG player?'],
  [5, 5, 26472, 'Absolutely. You barely fight at all; it is all conversation and choices.'],
];

const FOLLOWS: Array<[number, number]> = [
  [0, 1],
  [0, 5],
  [1, 0],
  [1, 4],
  [2, 0],
  [2, 3],
  [3, 2],
  [4, 1],
  [4, 2],
  [5, 0],
  [5, 4],
];

const LISTS: Record<number, Step[]> = {
  0: [
    ['wishlist.set', { igdb_id: 115289, in: true, priority: 5 }],
    ['collection.set', { igdb_id: 26764, in: true }],
    ['progress.set', { igdb_id: 7346, completed: true }],
    ['progress.set', { igdb_id: 119133, started: true }],
  ],
  1: [
    ['wishlist.set', { igdb_id: 115289, in: true, priority: 3 }],
    ['progress.set', { igdb_id: 76882, completed: true }],
    ['progress.set', { igdb_id: 7334, completed: true }],
  ],
  2: [
    ['collection.set', { igdb_id: 26764, in: true }],
    ['wishlist.set', { igdb_id: 14593, in: true, priority: 2 }],
    ['progress.set', { igdb_id: 17000, started: true }],
  ],
  3: [
    ['collection.set', { igdb_id: 358, in: true }],
    ['collection.set', { igdb_id: 8197, in: true }],
    ['progress.set', { igdb_id: 1105, completed: true }],
  ],
  4: [
    ['progress.set', { igdb_id: 26226, completed: true }],
    ['wishlist.set', { igdb_id: 7346, in: true, priority: 1 }],
  ],
  5: [
    ['progress.set', { igdb_id: 1942, completed: true }],
    ['progress.set', { igdb_id: 26472, completed: true }],
    ['wishlist.set', { igdb_id: 1877, in: true }],
  ],
};

async function push(
  db: Db,
  authId: string,
  email: string,
  steps: Step[],
): Promise<Array<{ status: string; message?: string; result?: Record<string, unknown> }>> {
  const claims = JSON.stringify({ sub: authId, role: 'authenticated', email, user_metadata: {} });
  const mutations = steps.map(([name, args]) => ({ id: randomUUID(), name, args }));
  return db.transaction(async (tx) => {
    await tx.query(`select set_config('request.jwt.claims', $1, true)`, [claims]);
    await tx.exec('set local role authenticated');
    const rows = await tx.query<{
      r: { results: Array<{ status: string; message?: string; result?: Record<string, unknown> }> };
    }>('select public.sync_push($1::uuid, $2::jsonb) as r', [randomUUID(), JSON.stringify(mutations)]);
    const results = rows[0]?.r.results ?? [];
    const rejected = results.find((r) => r.status !== 'ok');
    if (rejected) throw new Error(`demo seed: ${rejected.message ?? 'rejected'}`);
    return results;
  });
}

export async function seedDemo(db: Db): Promise<number> {
  const hash = await bcrypt.hash(DEMO_PASSWORD, 10);
  const accounts: Array<{ authId: string; email: string; userId: number }> = [];
  for (const [i, m] of MEMBERS.entries()) {
    const email = `${m.username}@demo.checkpoint.local`;
    const rows = await db.query<{ id: string }>(
      `insert into auth.users (email, encrypted_password, email_confirmed_at, raw_user_meta_data, raw_app_meta_data, created_at)
       values ($1, $2, now(), jsonb_build_object('username', $3::text, 'name', $4::text), '{"provider":"email","providers":["email"]}', now() - make_interval(days => $5))
       returning id`,
      [email, hash, m.username, m.name, 400 - i * 50],
    );
    const authId = rows[0]?.id;
    if (!authId) throw new Error('demo seed: account not created');
    const [profile] = await push(db, authId, email, [
      [
        'profile.update',
        { username: m.username, name: m.name, bio: m.bio, location: m.location ?? null, platform: m.platform },
      ],
    ]);
    accounts.push({ authId, email, userId: Number(profile?.result?.id) });
  }
  const account = (i: number) =>
    accounts[i] ??
    (() => {
      throw new Error(`demo seed: no member ${i}`);
    })();
  const reviewIds = new Map<string, number>();
  for (const [n, [i, igdbId, rating, text, platform]] of REVIEWS.entries()) {
    const a = account(i);
    // Spread over the last four weeks (interleaving members) so the home feed looks lived in.
    const postedAt = new Date(Date.now() - ((n * 11) % 27) * 86_400_000 - (n % 7) * 3_600_000).toISOString();
    const [r] = await push(db, a.authId, a.email, [
      [
        'review.create',
        { igdb_id: igdbId, rating, review: text, platform, is_recommended: rating >= 7, post_date_time: postedAt },
      ],
    ]);
    reviewIds.set(`${i}:${igdbId}`, Number(r?.result?.id));
  }
  for (const [author, reviewer, igdbId, text] of COMMENTS) {
    const a = account(author);
    await push(db, a.authId, a.email, [
      ['comment.add', { key: randomUUID(), rating_id: reviewIds.get(`${reviewer}:${igdbId}`), content: text }],
    ]);
  }
  for (const [i, a] of accounts.entries()) {
    const likes: Step[] = [...reviewIds.entries()]
      .filter(([key], n) => !key.startsWith(`${i}:`) && (n + i) % 3 !== 0)
      .map(([, id]) => ['review_like.set', { rating_id: id, liked: true }]);
    const follows: Step[] = FOLLOWS.filter(([f]) => f === i).map(([, t]) => [
      'follow.set',
      { user_id: account(t).userId, following: true },
    ]);
    const top: Step[] = [
      [
        'top5.replace',
        {
          games: REVIEWS.filter(([m]) => m === i)
            .sort((x, y) => y[2] - x[2])
            .slice(0, 5)
            .map(([, id]) => ({ igdb_id: id })),
        },
      ],
    ];
    await push(db, a.authId, a.email, [...likes, ...follows, ...(LISTS[i] ?? []), ...top]);
  }
  return accounts.length;
}
