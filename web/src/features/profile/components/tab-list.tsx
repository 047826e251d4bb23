/**
 * The profile's tabs, the WAI-ARIA pattern: one tab in the focus order, arrow keys (both axes when
 * vertical), Home and End move and choose. Panels are the caller's, named `${idPrefix}-panel-<key>`.
 */
import { type KeyboardEvent, useRef } from 'react';

interface TabListProps<K extends string> {
  tabs: readonly { key: K; label: string }[];
  current: K;
  onChoose(key: K): void;
  idPrefix: string;
  label: string;
  className: string;
  vertical?: boolean;
}

export function TabList<K extends string>({ tabs, current, onChoose, idPrefix, label, className, vertical = false }: TabListProps<K>) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.key === current);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    if (vertical) Object.assign(moves, { ArrowDown: index + 1, ArrowUp: index - 1 });
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = (next + tabs.length) % tabs.length;
    onChoose(tabs[target].key);
    buttons.current[target]?.focus();
  }

  return (
    <div className={className} role="tablist" aria-label={label} aria-orientation={vertical ? 'vertical' : undefined} onKeyDown={onKeyDown}>
      {tabs.map((tab, index) => (
        <button
          key={tab.key}
          ref={(button) => {
            buttons.current[index] = button;
          }}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${tab.key}`}
          aria-selected={tab.key === current}
          aria-controls={`${idPrefix}-panel-${tab.key}`}
          tabIndex={tab.key === current ? 0 : -1}
          className="btn btn-secondary profile-tab"
          onClick={() => onChoose(tab.key)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
