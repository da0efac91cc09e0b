// sync_push through the gateway as the app calls it (supabase-js rpc): a mutation with text Postgres
// cannot store is refused alone (supabase/schema/functions/app.sync_push_apply.sql). The gateway binds the json argument
// on its own: read through json_to_record, as PostgREST reads arguments, the whole call failed.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_TEXT } from '../../src/core/storable-text.ts';
import type { MutationResult } from '../support/fixtures.ts';
import { signUpMember, startTestGateway, type TestGateway } from '../support/gateway.ts';

const row = (name: string, args: Record<string, unknown>) => ({ id: randomUUID(), name, args });

describe('sync_push through the gateway (supabase-js rpc, as the app calls it)', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway();
  }, 120_000);
  afterAll(() => gw.close());

  it('answers a bad write invalid_text and applies the good ones of the same batch', async () => {
    const member = await signUpMember(gw, 'bad_text_gw');
    const rows = [
      row('profile.update', { location: 'Gateway' }),
      row('profile.update', { bio: 'null \u0000 here' }),
      row('profile.update', { bio: 'emoji \ud83d half' }),
      row('profile.update', { name: 'Good Name' }),
    ];
    const { data, error } = await member.client.rpc('sync_push', {
      p_client_id: randomUUID(),
      p_mutations: rows,
      p_protocol: 3,
    });
    expect(error).toBeNull();
    const reply = data as { results: MutationResult[] };
    expect(reply.results.map((r) => [r.id, r.code ?? r.status])).toEqual([
      [rows[0]!.id, 'ok'],
      [rows[1]!.id, INVALID_TEXT],
      [rows[2]!.id, INVALID_TEXT],
      [rows[3]!.id, 'ok'],
    ]);
    const me = await member.client.rpc('get_my_user');
    expect(me.data).toMatchObject({ location: 'Gateway', name: 'Good Name', bio: null });
  });
});
