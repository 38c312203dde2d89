import { paris } from '@bilan/engine';

/** « Reçu » until the pharmacist records the bilan, then « Bilan réalisé le <date> ». */
export function FormStatus({ bilanDoneAt }: { bilanDoneAt: string | null }) {
  return bilanDoneAt ? (
    <span className="form-status form-status-done">Bilan réalisé le {paris.frenchDate(bilanDoneAt)}</span>
  ) : (
    <span className="form-status">Reçu</span>
  );
}
