/** The header cells of the tool's plain tables: one label a column, a hidden label where the column holds a link. */
export function ColumnHeads({ labels, hidden }: { labels: readonly string[]; hidden?: string }) {
  return (
    <tr className="border-b border-slate-200 text-slate-700">
      {labels.map((label) => (
        <th key={label} scope="col" className="py-2 pr-3 font-medium">
          {label}
        </th>
      ))}
      {hidden !== undefined ? (
        <th scope="col" className="py-2 font-medium">
          <span className="sr-only">{hidden}</span>
        </th>
      ) : null}
    </tr>
  );
}

/** A time of the API to the minute, in UTC ("2026-03-01 09:30 UTC"), in a <time> element. */
export function UtcMinute({ iso }: { iso: string }) {
  return <time dateTime={iso}>{iso.slice(0, 16).replace("T", " ")} UTC</time>;
}
