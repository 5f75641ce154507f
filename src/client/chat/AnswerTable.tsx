import type { ChatTable } from '../../shared/schemas/ai';

/**
 * The rows behind an assistant's answer, under its sentence: compact, names wrapping and amounts kept whole,
 * scrolling sideways inside the bubble when a phone is too narrow; numbers aligned to the end (logical, so RTL too).
 */
export function AnswerTable({ table }: { table: ChatTable }) {
  return (
    <div className="mt-2 max-w-full overflow-x-auto rounded-box border border-base-300 bg-base-100" data-testid="chat-table">
      <table className="table table-xs">
        <thead>
          <tr>
            {table.columns.map((c) => (
              <th key={c.label} scope="col" className={c.numeric ? 'text-end whitespace-nowrap' : undefined}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, i) => (
            <tr key={i}>
              {row.map((cell, j) => (
                <td key={j} className={table.columns[j]?.numeric ? 'text-end tabular-nums whitespace-nowrap' : 'min-w-20'}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {table.note ? <p className="px-2 py-1 text-xs text-base-content/70">{table.note}</p> : null}
    </div>
  );
}
