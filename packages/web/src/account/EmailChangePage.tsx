import { confirmEmailChange } from './accountApi.ts';
import { CodeLinkPage } from './CodeLinkPage.tsx';

/** The link mailed to a new e-mail address: completes the change (every session is logged out). */
export default function EmailChangePage() {
  return (
    <CodeLinkPage
      title="Confirm your e-mail address"
      busyText="Changing your e-mail address"
      send={confirmEmailChange}
    />
  );
}
