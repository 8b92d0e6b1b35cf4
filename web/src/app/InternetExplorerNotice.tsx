import { MESSAGES } from '@casebridge/contracts';
import { isInternetExplorer } from '../lib/browser';
import { Modal } from '../ui/Modal';

const SUPPORTED_BROWSERS = [
  { name: 'Google Chrome', url: 'https://www.google.com/chrome/' },
  { name: 'Mozilla Firefox', url: 'https://www.mozilla.org/firefox/' },
  { name: 'Microsoft Edge', url: 'https://www.microsoft.com/edge' },
  { name: 'Apple Safari', url: 'https://www.apple.com/safari/' },
];

/** Blocking notice for Internet Explorer: it has no close button. */
export function InternetExplorerNotice() {
  if (!isInternetExplorer()) return null;
  return (
    <Modal title={MESSAGES.internetExplorer}>
      <p>Please open Casebridge in one of these browsers:</p>
      <ul>
        {SUPPORTED_BROWSERS.map((browser) => (
          <li key={browser.name}>
            <a href={browser.url}>{browser.name}</a>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
