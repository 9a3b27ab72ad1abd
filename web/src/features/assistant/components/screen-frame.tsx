import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import type { AssistantScreen } from '../screens';
import './assistant.css';

/**
 * The frame of every capability screen: a way back to all services, the heading and what the
 * screen does, then the form and the result beside the user's recent results (stacked at 640px).
 */
export function ScreenFrame({
  screen,
  children,
  history,
}: {
  readonly screen: AssistantScreen;
  readonly children: ReactNode;
  readonly history: ReactNode;
}) {
  return (
    <div className="container page assistant-screen">
      <div className="page__header">
        <p className="page__eyebrow">
          <Link to={paths.services}>Services</Link>
        </p>
        <h1>{screen.title}</h1>
        <p className="page__lead">{screen.summary}</p>
      </div>
      <div className="assistant-layout">
        <div className="assistant-layout__main">{children}</div>
        <aside className="assistant-layout__aside" aria-label="Recent results">
          {history}
        </aside>
      </div>
    </div>
  );
}
