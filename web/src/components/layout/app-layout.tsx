import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { useLocation, useNavigation } from 'react-router-dom';
import { Footer } from './footer';
import { Header } from './header';
import './layout.css';

/** A slim progress bar and a status message while the next page's code loads. */
function NavigationProgress() {
  const navigation = useNavigation();
  const loading = navigation.state !== 'idle';
  return (
    <div className="nav-progress" data-active={loading}>
      <div role="status" className="visually-hidden">
        {loading ? 'Loading page…' : ''}
      </div>
    </div>
  );
}

/**
 * The page frame: skip link, header, main landmark and footer. After each navigation focus moves
 * to the main landmark, so keyboard and screen-reader users start at the new page's content.
 */
export function AppLayout({ children }: { readonly children: ReactNode }) {
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);

  useEffect(() => {
    if (firstPath.current === pathname) return;
    firstPath.current = '';
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  const skipToContent = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    mainRef.current?.focus();
  };

  return (
    <div className="app">
      <a className="skip-link" href="#main" onClick={skipToContent}>
        Skip to content
      </a>
      <Header />
      <NavigationProgress />
      <main id="main" ref={mainRef} tabIndex={-1} className="app__main">
        {children}
      </main>
      <Footer />
    </div>
  );
}
