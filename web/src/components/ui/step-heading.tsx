import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The heading of one step of a multi-step form (sign-in, sign-up). When a step replaces another
 * on the same page, focus moves to its heading so keyboard and screen-reader users follow along;
 * the first step of a page leaves focus where navigation put it.
 */
export function StepHeading({ children, focus = true }: { readonly children: ReactNode; readonly focus?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <h1 ref={ref} tabIndex={-1} className="step-heading">
      {children}
    </h1>
  );
}
