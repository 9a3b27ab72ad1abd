/** Leaves the app for another site's page (an ATS's sign-in), which sends the browser back later. */
export function leavePage(url: string): void {
  window.location.assign(url);
}
