import { ROLES } from '../../src-shared/contract/common.js';
import type { Member } from '../api/types.js';

/** A member role, or guest (null), as a select. */
export function RoleSelect({ value, label, onChange, disabled }: {
  value: Member['role'];
  label: string;
  disabled?: boolean;
  onChange(role: Member['role']): void;
}) {
  return (
    <select aria-label={label} value={value ?? 'guest'} disabled={disabled} onChange={(event) => onChange(event.target.value === 'guest' ? null : (event.target.value as Member['role']))}>
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {role}
        </option>
      ))}
      <option value="guest">guest</option>
    </select>
  );
}
