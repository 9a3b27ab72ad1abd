/** A list of labelled facts (term, then its value), as the ATS settings show the connection and the sync. */
export function AtsFacts({ facts, label }: { readonly facts: readonly (readonly [string, string])[]; readonly label?: string }) {
  return (
    <dl className="ats-facts" aria-label={label}>
      {facts.map(([term, description]) => (
        <div key={term} className="ats-facts__row">
          <dt>{term}</dt>
          <dd>{description}</dd>
        </div>
      ))}
    </dl>
  );
}
