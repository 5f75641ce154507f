import { describe, expect, test } from 'bun:test';
import { SUPPORT_HISTORY, VISITOR_HISTORY } from '../../shared/schemas/ai';
import { entry, isSendKey, sendable, toHistory } from './conversation';

describe('chat conversation helpers', () => {
  test('history: the last 10 (visitor) or 5 (support) messages as role/content, oldest first', () => {
    const list = Array.from({ length: 12 }, (_, i) => entry(i % 2 ? 'ai' : 'user', `m${i}`));
    expect(toHistory(list, VISITOR_HISTORY).map((h) => h.content)).toEqual(['m2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9', 'm10', 'm11']);
    expect(toHistory(list, SUPPORT_HISTORY)).toEqual([
      { role: 'assistant', content: 'm7' },
      { role: 'user', content: 'm8' },
      { role: 'assistant', content: 'm9' },
      { role: 'user', content: 'm10' },
      { role: 'assistant', content: 'm11' },
    ]);
  });

  test('blank input is ignored; Enter sends, Shift+Enter and IME composition do not', () => {
    expect(sendable('   \n\t')).toBeNull();
    expect(sendable('  hi \n')).toBe('hi');
    expect(isSendKey({ key: 'Enter', shiftKey: false })).toBe(true);
    expect(isSendKey({ key: 'Enter', shiftKey: true })).toBe(false);
    expect(isSendKey({ key: 'Enter', shiftKey: false, isComposing: true })).toBe(false);
    expect(isSendKey({ key: 'a', shiftKey: false })).toBe(false);
  });

  test('entries carry the spec’s fields and unique ids', () => {
    const a = entry('user', 'x');
    const b = entry('ai', 'y', { type: 'report', downloadUrl: '/api/ai/download-report/u1' });
    expect(Object.keys(a).sort()).toEqual(['content', 'id', 'sender', 'timestamp', 'type']);
    expect(a.id).not.toBe(b.id);
    expect(b).toMatchObject({ sender: 'ai', type: 'report', downloadUrl: '/api/ai/download-report/u1' });
  });
});
