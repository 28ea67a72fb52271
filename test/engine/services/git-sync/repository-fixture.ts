import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: 'Writer', GIT_AUTHOR_EMAIL: 'writer@example.com', GIT_COMMITTER_NAME: 'Writer', GIT_COMMITTER_EMAIL: 'writer@example.com',
  GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null',
};

/**
 * A real Git repository for the tests: a bare repository (what Folio fetches from and pushes to,
 * by its file:// address) in a temp dir, where the "team" commits.
 */
export class FixtureRepository {
  readonly dir = mkdtempSync(join(tmpdir(), 'folio-git-'));
  readonly bare = join(this.dir, 'docs.git');

  constructor() {
    this.git('init', '--quiet', '--bare', '--initial-branch=main', this.bare);
  }

  get url(): string {
    return `file://${this.bare}`;
  }

  private git(...args: string[]): string {
    return execFileSync('git', args, { env: ENV, encoding: 'utf8' });
  }

  /**
   * Commits the files (null deletes one; `{symlink}` makes a link) on top of main as it is in the
   * bare repository (Folio's pushes included), as a team member who pulled, committed and pushed
   * would; answers the commit. One `git fast-import` writes it: a working clone's add, commit and
   * push took a dozen processes (docs/performance.md, "Slowest files, thirteenth session").
   */
  commit(files: Record<string, string | Buffer | null | { symlink: string }>, message = 'Docs'): string {
    const parent = this.tryHead();
    const when = `${Math.floor(Date.now() / 1000)} +0000`;
    const data = (bytes: Buffer) => [Buffer.from(`data ${bytes.length}\n`), bytes, Buffer.from('\n')];
    const stream: Buffer[] = [
      Buffer.from(`commit refs/heads/main\nmark :1\ncommitter ${ENV.GIT_COMMITTER_NAME} <${ENV.GIT_COMMITTER_EMAIL}> ${when}\n`),
      ...data(Buffer.from(message)),
      Buffer.from(parent ? `from ${parent}\n` : ''),
    ];
    for (const [path, content] of Object.entries(files)) {
      if (content === null) stream.push(Buffer.from(`D ${path}\n`));
      else if (typeof content === 'object' && !Buffer.isBuffer(content)) stream.push(Buffer.from(`M 120000 inline ${path}\n`), ...data(Buffer.from(content.symlink)));
      else stream.push(Buffer.from(`M 100644 inline ${path}\n`), ...data(Buffer.from(content)));
    }
    const marks = join(this.dir, 'marks');
    execFileSync('git', ['--git-dir', this.bare, 'fast-import', '--quiet', `--export-marks=${marks}`], { env: ENV, input: Buffer.concat(stream) });
    return readFileSync(marks, 'utf8').split(' ')[1]!.trim();
  }

  /** The commit the bare repository's main points at. */
  head(ref = 'main'): string {
    return this.git('--git-dir', this.bare, 'rev-parse', ref).trim();
  }

  private tryHead(): string | undefined {
    return this.git('--git-dir', this.bare, 'for-each-ref', '--format=%(objectname)', 'refs/heads/main').trim() || undefined;
  }

  /** The files `commit` changed against its parent. */
  changedFiles(commit = this.head()): string[] {
    return this.git('--git-dir', this.bare, 'diff-tree', '--no-commit-id', '--name-status', '-r', commit).trim().split('\n').filter(Boolean);
  }

  /** A file of the bare repository's `ref`, as bytes. */
  show(path: string, ref = 'main'): Buffer {
    return execFileSync('git', ['--git-dir', this.bare, 'show', `${ref}:${path}`], { env: ENV });
  }

  /** Files of the bare repository's `ref`, as bytes, read by one `git cat-file` rather than a `git show` each. */
  showAll(paths: string[], ref = 'main'): Buffer[] {
    const out = execFileSync('git', ['--git-dir', this.bare, 'cat-file', '--batch'], { env: ENV, input: paths.map((path) => `${ref}:${path}\n`).join('') });
    const files: Buffer[] = [];
    for (let at = 0; files.length < paths.length; ) {
      const end = out.indexOf(0x0a, at);
      const header = out.subarray(at, end).toString('utf8');
      const size = /^[0-9a-f]+ blob (\d+)$/.exec(header)?.[1];
      if (size === undefined) throw new Error(`git cat-file: ${header} (${paths[files.length]})`);
      files.push(out.subarray(end + 1, end + 1 + Number(size)));
      at = end + 1 + Number(size) + 1;
    }
    return files;
  }

  /** The paths of the files of the bare repository's `ref`. */
  paths(ref = 'main'): string[] {
    return this.git('--git-dir', this.bare, 'ls-tree', '-r', '--name-only', ref).split('\n').filter(Boolean);
  }

  /** How many commits `ref` has, its own included. */
  commitCount(ref = 'main'): number {
    return Number(this.git('--git-dir', this.bare, 'rev-list', '--count', ref).trim());
  }

  /** Author name and e-mail of `ref`'s commit. */
  author(ref = 'main'): string {
    return this.git('--git-dir', this.bare, 'log', '-1', '--format=%an <%ae>', ref).trim();
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}


/** A documentation repository in the hosted service's layout, as teams that publish with Git Sync keep theirs. */
export const GITBOOK_DOCS: Record<string, string | Buffer> = {
  '.gitbook.yaml': 'root: ./\n\nstructure:\n  readme: README.md\n  summary: SUMMARY.md\n\nredirects:\n  old-install: getting-started/installation.md\n',
  'README.md': '---\ndescription: What the product does, in one page.\n---\n\n# Introduction\n\nWelcome to the **Acme** docs. Start with [the installation](getting-started/installation.md).\n\n{% hint style="info" %}\nThese docs follow the latest release.\n{% endhint %}\n',
  'SUMMARY.md': '# Table of contents\n\n* [Introduction](README.md)\n* [Getting started](getting-started/README.md)\n  * [Installation](getting-started/installation.md)\n  * [Configuration](getting-started/configuration.md)\n\n## Reference\n\n* [API](reference/api.md)\n* [Changelog](https://acme.example/changelog)\n',
  'getting-started/README.md': '# Getting started\n\nThree steps: install, configure, run.\n\n![Architecture](../.gitbook/assets/architecture.png)\n',
  'getting-started/installation.md':
    '---\ndescription: Install the CLI\nicon: download\n---\n\n# Installation\n\n{% tabs %}\n{% tab title="npm" %}\n```bash\nnpm install acme\n```\n{% endtab %}\n\n{% tab title="yarn" %}\n```bash\nyarn add acme\n```\n{% endtab %}\n{% endtabs %}\n\nThen read [Configuration](configuration.md#options).\n',
  'getting-started/configuration.md':
    '# Configuration\n\n## Options\n\n| Option | Default |\n| ------ | ------- |\n| `port` | 8080    |\n\n{% code title="acme.json" %}\n```json\n{ "port": 8080 }\n```\n{% endcode %}\n\n- [x] Set the port\n- [ ] Set the host\n\nSee the [missing page](nowhere.md).\n',
  'reference/api.md': '# API\n\n{% embed url="https://www.youtube.com/watch?v=abc" %}\n\n<details>\n\n<summary>Rate limits</summary>\n\n100 requests a minute.\n\n</details>\n\nBack to [the start](../README.md).\n',
  'guides/extra.md': '# An extra guide\n\nNot in the table of contents.\n',
  '.gitbook/assets/architecture.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]),
};
