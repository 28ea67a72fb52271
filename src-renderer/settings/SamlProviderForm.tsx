import { useState, type FormEvent } from 'react';
import { FormButtons } from '../components/FormButtons.js';
import type { SamlProvider } from '../api/types.js';

type Fields = Pick<SamlProvider, 'label' | 'ssoURL' | 'entityID' | 'certificate'>;

/** The identity provider's side of a SAML setup: its sign-in address, entity id and certificate. */
export function SamlProviderForm({ provider, onSave, onCancel }: { provider: SamlProvider; onSave(fields: Partial<Fields>): Promise<boolean>; onCancel(): void }) {
  const [fields, setFields] = useState<Fields>({
    label: provider.label,
    ssoURL: provider.ssoURL,
    entityID: provider.entityID,
    certificate: provider.certificate,
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Empty strings mean "not configured": they are left out rather than sent as invalid values.
    const changed = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== '')) as Partial<Fields>;
    if (await onSave(changed)) onCancel();
  };
  const field = (key: keyof Fields, label: string, multiline = false) => (
    <label className="field">
      {label}
      {multiline ? (
        <textarea rows={4} value={fields[key]} onChange={(event) => setFields({ ...fields, [key]: event.target.value })} />
      ) : (
        <input value={fields[key]} onChange={(event) => setFields({ ...fields, [key]: event.target.value })} />
      )}
    </label>
  );
  return (
    <form className="stacked-form" onSubmit={(event) => void submit(event)} onKeyDown={(event) => event.key === 'Escape' && onCancel()}>
      {field('label', 'Label')}
      {field('ssoURL', 'Sign-in address (SSO URL)')}
      {field('entityID', 'Identity provider entity ID')}
      {field('certificate', 'Certificate (PEM)', true)}
      <FormButtons submitLabel="Save" onCancel={onCancel} />
    </form>
  );
}
