import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeScript = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * The serious and critical accessibility problems axe-core finds on the page as it is now,
 * one line each (rule, and where), so that a failure says what to fix.
 */
export async function axeProblems(page: Page): Promise<string[]> {
  // Evaluated rather than added as a script tag, which the app's policy (script-src 'self') refuses.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(readFileSync(axeScript, 'utf8'));
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe.run();
    return result.violations.map(({ id, impact, nodes }) => ({ id, impact, targets: nodes.map((node) => node.target.join(' ')) }));
  });
  return violations.filter(({ impact }) => impact === 'serious' || impact === 'critical').map(({ id, impact, targets }) => `${impact} ${id}: ${targets.join(', ')}`);
}
