import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { TokenIcon } from './TokenIcon.js';

export interface PickerToken {
  key: string;
  symbol: string;
  name: string;
  iconUrl: string | undefined;
  /** The balance as shown, with the symbol. */
  balance: string;
  /** The balance's USD value, when the price is known. */
  value: string | undefined;
}

export interface TokenPickerProps {
  id: string;
  labelId: string;
  tokens: PickerToken[];
  selected: string | undefined;
  placeholder: string;
  /** The id of the field's message, when there is one. */
  describedBy: string | undefined;
  invalid: boolean;
  /** What the field says while there is no token to offer (loading, failed, none): never a list that opens on nothing. */
  emptyText?: string | undefined;
  onSelect(key: string): void;
}

function TokenFace({ token }: { token: PickerToken }) {
  return (
    <>
      <TokenIcon symbol={token.symbol} iconUrl={token.iconUrl} />
      <span className="row-main">
        <span className="row-title">{token.symbol}</span>
        <span className="row-sub" data-balance>{token.balance}</span>
      </span>
      {token.value ? <span className="row-end" data-value>{token.value}</span> : null}
    </>
  );
}

/**
 * A drop-down of tokens (WAI-ARIA select-only combobox): a button that opens a listbox; each option shows
 * the icon, symbol, balance and value. Arrow keys, Home and End move, Enter or Space choose, Escape closes
 * (without closing the modal), Tab leaves.
 */
export function TokenPicker({ id, labelId, tokens, selected, placeholder, describedBy, invalid, emptyText, onSelect }: TokenPickerProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const current = tokens.find((token) => token.key === selected);
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => { if (open) list.current?.focus(); }, [open]);
  useEffect(() => { list.current?.querySelector(`#${optionId(active)}`)?.scrollIntoView?.({ block: 'nearest' }); });

  const show = (index: number) => {
    if (tokens.length === 0) return;
    setActive(Math.max(0, Math.min(tokens.length - 1, index)));
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const choose = (index: number) => {
    const token = tokens[index];
    if (token) onSelect(token.key);
    close();
  };
  const selectedIndex = Math.max(0, tokens.findIndex((token) => token.key === selected));

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      show(selectedIndex);
    }
  };
  const onListKey = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowDown: active + 1, ArrowUp: active - 1, Home: 0, End: tokens.length - 1, PageDown: active + 5, PageUp: active - 5 };
    if (event.key in moves) {
      event.preventDefault();
      setActive(Math.max(0, Math.min(tokens.length - 1, moves[event.key]!)));
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(active);
    } else if (event.key === 'Escape') {
      // Closes the list only: the dialog's cancel follows an Escape whose default is not prevented.
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="token-picker">
      <button
        ref={button}
        type="button"
        id={id}
        className="picker-button row"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-labelledby={`${labelId} ${id}`}
        aria-describedby={[describedBy, tokens.length === 0 && emptyText ? `${id}-empty` : undefined].filter(Boolean).join(' ') || undefined}
        aria-invalid={invalid || undefined}
        data-token-key={current?.key}
        onClick={() => (open ? setOpen(false) : show(selectedIndex))}
        onKeyDown={onButtonKey}
      >
        {current ? <TokenFace token={current} /> : <span className="row-main"><span className="row-title placeholder">{placeholder}</span></span>}
        <span className="picker-chevron" aria-hidden="true">▾</span>
      </button>
      {tokens.length === 0 && emptyText ? <p id={`${id}-empty`} className="hint field-hint" role="status" data-empty>{emptyText}</p> : null}
      {open ? (
        <ul
          ref={list}
          id={listId}
          className="list picker-list"
          role="listbox"
          tabIndex={-1}
          aria-labelledby={labelId}
          aria-activedescendant={optionId(active)}
          onKeyDown={onListKey}
          onBlur={(event) => { if (!event.currentTarget.contains(event.relatedTarget as Node | null) && event.relatedTarget !== button.current) setOpen(false); }}
        >
          {tokens.map((token, index) => (
            <li
              key={token.key}
              id={optionId(index)}
              role="option"
              className={index === active ? 'row active' : 'row'}
              aria-selected={token.key === selected}
              data-token-key={token.key}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(index)}
            >
              <TokenFace token={token} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
