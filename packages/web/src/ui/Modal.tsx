import { useEffect, useId, useRef, type ReactNode } from 'react';

type Props = {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
};

/**
 * A modal dialog on the native <dialog> element: focus trap, Escape and backdrop come with it.
 * Closing gives focus back to what had it before (WCAG 2.4.3): the dialog leaves the page before
 * the browser could, so it is done here.
 */
export function Modal({ title, open, onClose, children, footer, wide }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const opener = document.activeElement;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    return () => restoreFocus(opener);
  }, [open]);
  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={wide ? 'modal modal-wide' : 'modal'}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
    >
      <div className="modal-header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-button" onClick={onClose} aria-label="Close">
          ×
        </button>
      </div>
      <div className="modal-body">{children}</div>
      {footer && <div className="modal-footer">{footer}</div>}
    </dialog>
  );
}

/** Focus back on `opener`; when nothing had focus (a dialog that opened by itself), on the page's main content. */
export function restoreFocus(opener: Element | null): void {
  const target =
    opener instanceof HTMLElement && opener !== document.body && opener.isConnected
      ? opener
      : document.getElementById('main-content');
  target?.focus();
}
