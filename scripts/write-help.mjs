// Writes dist/help.json: every command's help text, captured from commander after the build.
import { writeFileSync } from 'node:fs';

const { allHelpTexts } = await import('../dist/help-texts.js');
writeFileSync(new URL('../dist/help.json', import.meta.url), JSON.stringify(await allHelpTexts()));
