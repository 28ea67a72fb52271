import { useState, type FormEvent } from 'react';

interface Props {
  problem?: string;
  onSubmit(token: string): void;
}

/** Asked for in a browser that has no token yet; nothing is loaded until one is given. */
export function TokenForm({ problem, onSubmit }: Props) {
  const [token, setToken] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (token.trim()) onSubmit(token);
  };
  return (
    <form className="card token-form" aria-labelledby="token-title" onSubmit={submit}>
      <h1 id="token-title">Connect to Folio</h1>
      <p>
        This Folio engine needs an access token. <code>npm start</code> prints an address that carries it, and the
        owner&apos;s token is in the file <code>token</code> in the data folder.
      </p>
      {problem && (
        <p role="alert" className="problem">
          {problem}
        </p>
      )}
      <label htmlFor="token">Access token</label>
      <input
        id="token"
        name="token"
        type="password"
        autoComplete="off"
        spellCheck={false}
        required
        value={token}
        onChange={(event) => setToken(event.target.value)}
      />
      <button type="submit">Connect</button>
    </form>
  );
}
