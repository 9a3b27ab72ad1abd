import '@testing-library/jest-dom';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'react-hot-toast';

// Pages load lazily; on a busy 2-core CI machine that can take longer than the default 1 s wait.
// A broken page still fails, only later.
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(20_000);

afterEach(() => {
  cleanup();
  // react-hot-toast keeps its store at module level: start every test without toasts.
  toast.remove();
  document.title = '';
  // The screens keep drafts in sessionStorage (web/src/lib/drafts.ts): every test starts without.
  window.sessionStorage.clear();
});
