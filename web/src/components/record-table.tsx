import { createContext, type ReactNode, useContext } from 'react';
import '@/components/table-scroll.css';
import '@/components/record-table.css';

interface Columns {
  names: readonly string[];
  rowHeader: boolean;
}

const ColumnsOf = createContext<Columns>({ names: [], rowHeader: false });

/**
 * A table of records, one per row (an order, a withdrawal), that a phone shows as a card per row:
 * each cell on a line of its own after its column's name, everything in view without scrolling
 * sideways. Safari drops a table's semantics once CSS changes its display, so the elements say
 * their roles themselves (decision 335). `rowHeader`: the first cell names its row.
 */
export function RecordTable({
  caption,
  captionHidden = false,
  columns,
  rowHeader = false,
  children,
}: {
  caption: string;
  captionHidden?: boolean;
  columns: readonly string[];
  rowHeader?: boolean;
  children: ReactNode;
}) {
  return (
    <ColumnsOf.Provider value={{ names: columns, rowHeader }}>
      {/* biome-ignore lint/a11y/noRedundantRoles: Safari drops the implicit role when a phone's CSS changes the display */}
      <table className="data-table record-table" role="table">
        <caption className={captionHidden ? 'visually-hidden' : undefined}>{caption}</caption>
        {/* biome-ignore lint/a11y/noRedundantRoles: as the table's */}
        <thead role="rowgroup">
          {/* biome-ignore lint/a11y/noRedundantRoles: as the table's */}
          <tr role="row">
            {columns.map((name) => (
              // biome-ignore lint/a11y/noRedundantRoles: as the table's
              <th key={name} scope="col" role="columnheader">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        {/* biome-ignore lint/a11y/noRedundantRoles: as the table's */}
        <tbody role="rowgroup">{children}</tbody>
      </table>
    </ColumnsOf.Provider>
  );
}

/**
 * One record: what it shows in each of the table's columns, by the column's name, each shown on a
 * phone after that name (each cell's content in one box: the name and the value are the two of its grid).
 */
export function RecordRow({ cells }: { cells: Readonly<Record<string, ReactNode>> }) {
  const { names, rowHeader } = useContext(ColumnsOf);
  return (
    // biome-ignore lint/a11y/noRedundantRoles: as the table's
    <tr role="row">
      {names.map((name, index) =>
        rowHeader && index === 0 ? (
          // biome-ignore lint/a11y/noRedundantRoles: as the table's
          <th key={name} scope="row" role="rowheader" data-label={name}>
            <div>{cells[name]}</div>
          </th>
        ) : (
          // biome-ignore lint/a11y/noRedundantRoles: as the table's
          <td key={name} role="cell" data-label={name}>
            <div>{cells[name]}</div>
          </td>
        ),
      )}
    </tr>
  );
}
