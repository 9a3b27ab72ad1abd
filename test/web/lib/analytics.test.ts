import { createGoogleAnalytics, getAnalytics } from '../../../web/src/lib/analytics';

function gtagCommands(): unknown[][] {
  return (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
}

describe('analytics', () => {
  afterEach(() => {
    document.querySelectorAll('script').forEach((script) => script.remove());
    delete window.dataLayer;
    delete window.gtag;
  });

  describe('without a measurement id', () => {
    it.each([undefined, '', '   '])('is a no-op that loads no script and makes no request (id %p)', (id) => {
      const fetchSpy = jest.spyOn(globalThis, 'fetch');
      const analytics = getAnalytics(id);

      analytics.pageView({ path: '/products', title: 'Products · TalentPilot', location: 'http://localhost/products' });

      expect(analytics.enabled).toBe(false);
      expect(document.querySelectorAll('script')).toHaveLength(0);
      expect(window.dataLayer).toBeUndefined();
      expect(window.gtag).toBeUndefined();
      expect(fetchSpy).not.toHaveBeenCalled();
      fetchSpy.mockRestore();
    });
  });

  describe('with a measurement id', () => {
    it('loads gtag.js for that id, asynchronously, once', () => {
      createGoogleAnalytics('G-ABC123XYZ');
      createGoogleAnalytics('G-ABC123XYZ');

      const scripts = document.querySelectorAll<HTMLScriptElement>('script');
      expect(scripts).toHaveLength(1);
      expect(scripts[0].src).toBe('https://www.googletagmanager.com/gtag/js?id=G-ABC123XYZ');
      expect(scripts[0].async).toBe(true);
    });

    it('configures GA4 without automatic page views and sends one page_view per call', () => {
      const analytics = createGoogleAnalytics('G-ABC123XYZ');
      analytics.pageView({ path: '/company', title: 'Company · TalentPilot', location: 'https://app.example.com/company' });

      const commands = gtagCommands();
      expect(commands[0][0]).toBe('js');
      expect(commands[1]).toEqual(['config', 'G-ABC123XYZ', { send_page_view: false }]);
      expect(commands[2]).toEqual([
        'event',
        'page_view',
        {
          page_path: '/company',
          page_title: 'Company · TalentPilot',
          page_location: 'https://app.example.com/company',
          send_to: 'G-ABC123XYZ',
        },
      ]);
      // gtag.js reads `arguments` objects from the data layer, not arrays.
      expect(Array.isArray(window.dataLayer?.[2])).toBe(false);
    });
  });
});
