import { beforeAll, describe, expect, test } from 'bun:test';
import { TRPCError } from '@trpc/server';
import { freshWorldCallers } from '../../../../test/app';
import { DENIED, expectTRPCError, firstIssue } from '../../../../test/expect';

const { w, callers: { managerA: a, managerB: b, riderA, admin } } = await freshWorldCallers();
let docA: string;
let docB: string;

beforeAll(async () => {
  docA = (await a.company.saveDocument({ riderId: w.riderA.id, type: 'driving_licence', number: ' KW-77 ', expiresOn: '2099-03-01' })).document.id;
  docB = (await b.company.saveDocument({ riderId: w.riderB.id, type: 'emirates_id', expiresOn: '2099-03-01' })).document.id;
});

describe('company documents', () => {
  test('a manager lists, adds and updates their own rider’s documents', async () => {
    const list = await a.company.riderDocuments({ riderId: w.riderA.id });
    expect(list.rider).toMatchObject({ id: w.riderA.id, name: 'Rami Alpha', region: 'KWD', zoneRegion: 'kuwait' });
    expect(list.idType).toBe('civil_id');
    expect(list.documents).toEqual([
      expect.objectContaining({ id: docA, type: 'driving_licence', number: 'KW-77', expiresOn: '2099-03-01', status: 'valid', hasPhoto: false }),
    ]);
    const updated = await a.company.saveDocument({ riderId: w.riderA.id, type: 'driving_licence', number: 'KW-78', expiresOn: '2099-04-01' });
    expect(updated.document).toMatchObject({ id: docA, number: 'KW-78', expiresOn: '2099-04-01' });
  });

  test('another company’s rider or document answers NOT_FOUND, for every call', async () => {
    await expectTRPCError(a.company.riderDocuments({ riderId: w.riderB.id }), 'NOT_FOUND', 'Rider not found');
    await expectTRPCError(a.company.saveDocument({ riderId: w.riderB.id, type: 'residency', expiresOn: '2099-01-01' }), 'NOT_FOUND', 'Rider not found');
    await expectTRPCError(a.company.deleteDocument({ id: docB }), 'NOT_FOUND', 'Document not found');
    await expectTRPCError(b.company.deleteDocument({ id: docA }), 'NOT_FOUND', 'Document not found');
    expect((await b.company.documentsOverview()).items.map((i) => i.id)).not.toContain(docA);
    expect((await b.company.riderDocuments({ riderId: w.riderB.id })).documents.map((d) => d.id)).toEqual([docB]);
  });

  test('riders and admins cannot edit through the company doors', async () => {
    await expectTRPCError(riderA.company.saveDocument({ riderId: w.riderA.id, type: 'driving_licence', expiresOn: '2100-01-01' }), 'FORBIDDEN', DENIED.company);
    await expectTRPCError(riderA.company.riderDocuments({ riderId: w.riderA2.id }), 'FORBIDDEN', DENIED.company);
    await expectTRPCError(admin.company.deleteDocument({ id: docA }), 'FORBIDDEN', DENIED.company);
  });

  test('the rider reads only their own documents', async () => {
    const own = await riderA.rider.documents();
    expect(own.rider.id).toBe(w.riderA.id);
    expect(own.documents.map((d) => d.id)).toEqual([docA]);
    await expectTRPCError(a.rider.documents(), 'FORBIDDEN', DENIED.rider);
  });

  test('input is checked with the catalog’s words', async () => {
    const bad = async (input: Record<string, unknown>) => {
      try {
        await a.company.saveDocument({ riderId: w.riderA.id, type: 'residency', expiresOn: '2099-01-01', ...input } as never);
      } catch (err) {
        return firstIssue(err as TRPCError);
      }
      return 'accepted';
    };
    expect(await bad({ expiresOn: '2026-02-30' })).toBe('expiresOn: Enter a valid expiry date');
    expect(await bad({ expiresOn: '' })).toBe('expiresOn: Enter the expiry date');
    expect(await bad({ type: 'passport' })).toBe('type: Choose a document type');
    expect(await bad({ number: 'X'.repeat(41) })).toBe('number: The document number can be at most 40 characters');
  });

  test('delete removes it', async () => {
    const { document } = await a.company.saveDocument({ riderId: w.riderA2.id, type: 'health_certificate', expiresOn: '2099-01-01' });
    expect(await a.company.deleteDocument({ id: document.id })).toEqual({ success: true });
    expect((await a.company.riderDocuments({ riderId: w.riderA2.id })).documents).toEqual([]);
  });
});
