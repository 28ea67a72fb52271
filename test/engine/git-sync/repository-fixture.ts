import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: 'Writer', GIT_AUTHOR_EMAIL: 'writer@example.com', GIT_COMMITTER_NAME: 'Writer', GIT_COMMITTER_EMAIL: 'writer@example.com',
  GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null',
};

/**
 * A real Git repository for the tests: a bare repository (what Folio fetches from and pushes to,
 * by its file:// address) and a working clone where the "team" commits, both in a temp dir.
 */
export class FixtureRepository {
  readonly dir = mkdtempSync(join(tmpdir(), 'folio-git-'));
  readonly bare = join(this.dir, 'docs.git');
  readonly work = join(this.dir, 'work');

  constructor() {
    execFileSync('git', ['init', '--quiet', '--bare', '--initial-branch=main', this.bare], { env: ENV });
    execFileSync('git', ['clone', '--quiet', this.bare, this.work], { env: ENV, stdio: 'ignore' });
    this.git('checkout', '--quiet', '-B', 'main');
  }

  get url(): string {
    return `file://${this.bare}`;
  }

  git(...args: string[]): string {
    return execFileSync('git', args, { cwd: this.work, env: ENV, encoding: 'utf8' });
  }

  /** Writes the files (null deletes one; `{symlink}` makes a link) and commits and pushes them; answers the commit. */
  commit(files: Record<string, string | Buffer | null | { symlink: string }>, message = 'Docs'): string {
    for (const [path, content] of Object.entries(files)) {
      const full = join(this.work, path);
      if (content === null) {
        rmSync(full, { force: true });
        continue;
      }
      mkdirSync(dirname(full), { recursive: true });
      if (typeof content === 'object' && !Buffer.isBuffer(content)) {
        rmSync(full, { force: true });
        symlinkSync(content.symlink, full);
      } else writeFileSync(full, content);
    }
    this.git('add', '--all');
    this.git('commit', '--quiet', '--allow-empty', '-m', message);
    this.git('push', '--quiet', 'origin', 'HEAD:main');
    return this.head();
  }

  /** The commit the bare repository's main points at. */
  head(ref = 'main'): string {
    return execFileSync('git', ['--git-dir', this.bare, 'rev-parse', ref], { env: ENV, encoding: 'utf8' }).trim();
  }

  /** The files `commit` changed against its parent. */
  changedFiles(commit = this.head()): string[] {
    return execFileSync('git', ['--git-dir', this.bare, 'diff-tree', '--no-commit-id', '--name-status', '-r', commit], { env: ENV, encoding: 'utf8' })
      .trim().split('\n').filter(Boolean);
  }

  /** A file of the bare repository's `ref`, as bytes. */
  show(path: string, ref = 'main'): Buffer {
    return execFileSync('git', ['--git-dir', this.bare, 'show', `${ref}:${path}`], { env: ENV });
  }

  /** Author name and e-mail of `ref`'s commit. */
  author(ref = 'main'): string {
    return execFileSync('git', ['--git-dir', this.bare, 'log', '-1', '--format=%an <%ae>', ref], { env: ENV, encoding: 'utf8' }).trim();
  }

  /** Brings the working clone up to the bare repository (after Folio pushed). */
  pull(): void {
    this.git('pull', '--quiet', '--ff-only', 'origin', 'main');
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
