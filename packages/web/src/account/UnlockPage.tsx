import { unlockAccount } from './accountApi.ts';
import { CodeLinkPage } from './CodeLinkPage.tsx';

/** The unlock link mailed when an account locks after many failed logins. */
export default function UnlockPage() {
  return <CodeLinkPage title="Unlock your account" busyText="Unlocking your account" send={unlockAccount} />;
}
