import { useId } from 'react';
import { CELL_STATES, FEATURE_MATRIX, RELEASES, type CellState } from '../matrix';
import './feature-matrix.css';

const STATE_ORDER: readonly CellState[] = ['included', 'repeat', 'pending'];

/** A cell's marker: an icon for sighted users and the state's word for everyone. */
function StateBadge({ state }: { readonly state: CellState }) {
  return (
    <span className={`matrix-state matrix-state--${state}`}>
      <span className="matrix-state__icon" aria-hidden="true" />
      {CELL_STATES[state].label}
    </span>
  );
}

/**
 * The feature comparison matrix as a real data table: capabilities are row headers, releases are
 * column headers, each cell says Included, Repeat or Pending in words. A legend explains the
 * states. The table scrolls sideways on narrow screens rather than squeezing the text.
 */
export function FeatureMatrix() {
  const captionId = useId();
  return (
    <div className="feature-matrix">
      <div className="feature-matrix__scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className="feature-matrix__table">
          <caption id={captionId}>Capabilities by release</caption>
          <thead>
            <tr>
              <th scope="col">Capability</th>
              {RELEASES.map((release) => (
                <th scope="col" key={release.id} className="feature-matrix__release">
                  <abbr title={release.name}>{release.label}</abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {FEATURE_MATRIX.map(({ capability, cells }) => (
              <tr key={capability.id}>
                <th scope="row">{capability.name}</th>
                {cells.map(({ release, state }) => (
                  <td key={release.id} data-state={state}>
                    <StateBadge state={state} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="feature-matrix__legend" aria-label="Legend">
        {STATE_ORDER.map((state) => (
          <div key={state} className="feature-matrix__legend-item">
            <dt>
              <StateBadge state={state} />
            </dt>
            <dd>{CELL_STATES[state].description}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
