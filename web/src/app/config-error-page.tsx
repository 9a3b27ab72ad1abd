/**
 * Shown instead of the app when `config.json` is missing or invalid: the app cannot reach its
 * APIs without it, so it says so plainly (and lists what is wrong for whoever operates the site).
 */
export function ConfigErrorPage({ reason, problems }: { readonly reason: string; readonly problems: readonly string[] }) {
  return (
    <main className="config-error">
      <div className="card config-error__card" role="alert">
        <h1>This site is temporarily unavailable</h1>
        <p>{reason}</p>
        {problems.length > 0 ? (
          <ul className="config-error__problems" aria-label="Problems found">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        ) : null}
        <p>
          Please try again in a few minutes. If you operate this site, check the <code>config.json</code> published next to{' '}
          <code>index.html</code>.
        </p>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          Try again
        </button>
      </div>
    </main>
  );
}
