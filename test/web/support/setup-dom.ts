import '@testing-library/jest-dom';
import { cleanup, configure, getConfig } from '@testing-library/react';
import { toast } from 'react-hot-toast';

const printDomIntoError = getConfig().getElementError;

configure({
  // Pages load lazily; on a busy 2-core CI machine that can take longer than the default 1 s wait.
  // A broken page still fails, only later.
  asyncUtilTimeout: 5000,
  // findBy… and waitFor retry a failed query on every DOM change, and the library prints the whole
  // DOM into each failed attempt's error (5 % of a form test's CPU), though only the last attempt
  // can surface. So an attempt's error (the library's internal flag says "inside a wait") prints
  // the DOM when its message is first read: when the wait times out, with the DOM as it is then.
  getElementError: (message, container) => {
    if (!(getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })._disableExpensiveErrorDiagnostics) {
      return printDomIntoError(message, container);
    }
    const error = new Error();
    error.name = 'TestingLibraryElementError';
    let printed: string | undefined;
    Object.defineProperty(error, 'message', {
      configurable: true,
      get: () => (printed ??= printDomIntoError(message, container).message),
    });
    return error;
  },
});
jest.setTimeout(20_000);

afterEach(() => {
  cleanup();
  // react-hot-toast keeps its store at module level: start every test without toasts.
  toast.remove();
  document.title = '';
  // The screens keep drafts in sessionStorage (web/src/lib/drafts.ts): every test starts without.
  window.sessionStorage.clear();
});
