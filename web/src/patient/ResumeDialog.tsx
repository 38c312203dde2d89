import { Dialog } from '../ui/Dialog';

export interface ResumeDialogProps {
  /** The first name the form was started with. */
  firstName: string;
  onYes: () => void;
  /** Forgets that form in this browser and starts at the registration screen. */
  onNo: () => void;
  /** Escape: the dialog closes, nothing is forgotten. */
  onCancel: () => void;
}

/** D23: "Reprendre le questionnaire commencé par <prénom> ?", asked before a form in progress shows again. */
export function ResumeDialog({ firstName, onYes, onNo, onCancel }: ResumeDialogProps) {
  const who = firstName.trim();
  return (
    <Dialog
      title={
        who
          ? `Reprendre le questionnaire commencé par ${who}\u00a0?`
          : 'Reprendre le questionnaire commencé sur cet appareil\u00a0?'
      }
      onCancel={onCancel}
    >
      <p>
        Ce questionnaire n’est pas terminé. Si ce n’est pas le vôtre, commencez-en un nouveau{'\u00a0'}: les réponses
        déjà données resteront masquées.
      </p>
      <div className="dialog-actions">
        <button type="button" className="btn btn-primary" onClick={onYes}>
          Oui, c’est moi
        </button>
        <button type="button" className="btn btn-secondary" onClick={onNo}>
          Non, commencer un nouveau questionnaire
        </button>
      </div>
    </Dialog>
  );
}
