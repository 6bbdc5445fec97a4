/** A table's row of column headings, as the admin's lists show them. */
export function HeaderRow({ headings }: { headings: string[] }) {
  return (
    <tr>
      {headings.map((h) => (
        <th key={h} scope="col" className="px-3 py-2 font-semibold">
          {h}
        </th>
      ))}
    </tr>
  );
}
