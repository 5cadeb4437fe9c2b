import { Modal } from '../../ui/Modal.tsx';

/** The confirm guard on external "Useful links" (SPEC §2, exact texts). */
export function LeaveSiteModal({
  site,
  url,
  open,
  onClose,
}: {
  site: string;
  url: string;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      title="Are you sure?"
      open={open}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            No, take me back
          </button>
          <a
            className="button button-primary"
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            onClick={onClose}
          >
            Yes, I'm sure
          </a>
        </>
      }
    >
      <p>
        You are about to leave {site} to visit {url}, are you sure you want to do this?
      </p>
    </Modal>
  );
}
