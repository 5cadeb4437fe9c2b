import { activate } from './accountApi.ts';
import { CodeLinkPage } from './CodeLinkPage.tsx';

/** Verify Email Address: sends the activation for ?code= and then goes to Login. */
export default function ActivationPage() {
  return (
    <CodeLinkPage
      title="Verify Email Address"
      busyText="Activating your account"
      send={activate}
      incompleteText="This activation link is incomplete. Open the link from your e-mail again."
    />
  );
}
