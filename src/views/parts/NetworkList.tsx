import { NetworkIcon } from './NetworkIcon.js';
import { Spinner } from './Spinner.js';

export interface NetworkListItem {
  id: string;
  name: string;
  icon?: string;
}

export interface NetworkListProps {
  networks: NetworkListItem[];
  current: string | undefined;
  pending: string | undefined;
  labels: { list: string; current: string };
  onSelect(id: string): void;
}

/** The configured networks; the current one is marked, and the one being switched to spins. */
export function NetworkList({ networks, current, pending, labels, onSelect }: NetworkListProps) {
  return (
    <ul className="list" part="network-list" aria-label={labels.list}>
      {networks.map((network) => (
        <li key={network.id}>
          <button
            type="button"
            className="list-button"
            part="network-button"
            data-network-id={network.id}
            aria-current={network.id === current ? 'true' : undefined}
            disabled={pending !== undefined}
            onClick={() => onSelect(network.id)}
          >
            <NetworkIcon network={network} />
            <span className="list-label">{network.name}</span>
            {network.id === pending ? <Spinner /> : network.id === current ? <span className="tag">{labels.current}</span> : null}
          </button>
        </li>
      ))}
    </ul>
  );
}
