import { ROLES, type Role } from '../../src/shared/permissions';
import { gateAdmits, PROCEDURE_ACCESS, REST_ACCESS, type Access, type Gate } from '../../src/server/trpc/access-matrix';

/** The markdown tables of docs/authorization.md, rendered from the matrix (the test keeps the two equal). */
const gateText = (g: Gate) =>
  g.kind === 'public' ? 'public' : g.kind === 'signed-in' ? 'signed in' : `${g.kind === 'can' ? `can ${g.permission}` : `acts as ${g.portal}`}${g.also ? ` + ${g.also}` : ''}`;

const cells = (a: Access) => [null, ...ROLES].map((r: Role | null) => (gateAdmits(a.gate, r) ? 'yes' : 'no'));

/** The refusal status, for the rules that refuse another's ids. */
const foreign = (a: Access) => (a.owner && ['company', 'rider', 'rider-self', 'user'].includes(a.owner) ? String(a.foreign ?? 404) : '');

const row = (name: string, a: Access) => `| ${name} | ${gateText(a.gate)} | ${cells(a).join(' | ')} | ${a.owner ?? 'caller'} | ${foreign(a)} | ${a.why ?? ''} |`;

const HEAD = '| | guard | signed out | admin | company | rider | ids | foreign | why |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- |';

export function procedureTable(): string {
  return [HEAD, ...Object.entries(PROCEDURE_ACCESS).map(([p, a]) => row(`\`${p}\``, a))].join('\n');
}

export function restTable(): string {
  const lines = Object.entries(REST_ACCESS).map(([route, e]) => {
    const name = `\`${route.replace(/\|/g, '\\|')}\``;
    if ('via' in e) return `| ${name} | as \`${e.via}\` |`;
    if ('excluded' in e) return `| ${name} | not in the matrix: ${e.excluded} |`;
    return `| ${name} | own rule: ${gateText(e.gate)}, ids ${e.owner ?? 'caller'}${foreign(e) ? ` (${foreign(e)})` : ''}${e.why ? `; ${e.why}` : ''} |`;
  });
  return ['| route | rule |\n| --- | --- |', ...lines].join('\n');
}
