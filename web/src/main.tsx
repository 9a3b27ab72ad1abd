import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter, whenRouterReady } from './app/router';
import { loadRuntimeConfig } from './config/runtime-config';
import './styles/global.css';

/**
 * Startup: fetch and validate the runtime `config.json`, then render the app (or a readable
 * error). Amplify is not imported here; features configure it on first use (lib/amplify.ts).
 * The router starts first, so the first page's code loads while config.json is read, and the
 * app renders once, with the page: the first paint is the page itself (no spinner that the page
 * then replaces, which Lighthouse counted as a later paint and blocking time).
 */
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');
const root = createRoot(container);
const router = createAppRouter();

void loadRuntimeConfig().then(async (result) => {
  if (result.ok) {
    await whenRouterReady(router);
    document.title = result.config.productName;
    root.render(
      <StrictMode>
        <App config={result.config} router={router} />
      </StrictMode>,
    );
  } else {
    console.error(result.reason, result.problems);
    // Its code loads only when needed; if even that fails (offline), the reason is shown as text.
    import('./app/config-error-page').then(
      ({ ConfigErrorPage }) =>
        root.render(
          <StrictMode>
            <ConfigErrorPage reason={result.reason} problems={result.problems} />
          </StrictMode>,
        ),
      () => root.render(<p role="alert">{result.reason}</p>),
    );
  }
});
