import { type KeyboardEvent, type ReactNode, useRef } from 'react';

export interface Tab {
  id: string;
  label: string;
}

/** WAI-ARIA tabs: one tab stop, arrow keys move between tabs, the panel is labelled by its tab. */
export function Tabs({ tabs, selected, onSelect, children }: { tabs: Tab[]; selected: string; onSelect(id: string): void; children: ReactNode }) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = tabs[(index + step + tabs.length) % tabs.length]!;
    onSelect(next.id);
    list.current?.querySelector<HTMLButtonElement>(`[data-tab="${next.id}"]`)?.focus();
  };
  return (
    <div className="tabs">
      <div className="tab-list" role="tablist" ref={list} onKeyDown={onKeyDown} part="tabs">
        {tabs.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`tab-${tab.id}`}
            data-tab={tab.id}
            aria-selected={tab.id === selected}
            aria-controls={`panel-${tab.id}`}
            tabIndex={tab.id === selected ? 0 : -1}
            className="tab"
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div className="tab-panel" role="tabpanel" id={`panel-${selected}`} aria-labelledby={`tab-${selected}`} tabIndex={0}>
        {children}
      </div>
    </div>
  );
}
