/** A form's submit button and, when the form can be left, its Cancel. */
export function FormButtons({ submitLabel, busy, onCancel }: { submitLabel: string; busy?: boolean; onCancel?(): void }) {
  return (
    <span className="form-buttons">
      <button type="submit" disabled={busy}>
        {submitLabel}
      </button>
      {onCancel && (
        <button type="button" className="quiet" onClick={onCancel}>
          Cancel
        </button>
      )}
    </span>
  );
}
