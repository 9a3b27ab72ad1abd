import '@testing-library/jest-dom';
import { cleanup } from '@testing-library/react';
import { toast } from 'react-hot-toast';

afterEach(() => {
  cleanup();
  // react-hot-toast keeps its store at module level: start every test without toasts.
  toast.remove();
  document.title = '';
});
