// A BROWSER for tests: appends each URL it is asked to open to $OPENED_FILE.
import { appendFileSync } from 'node:fs';

appendFileSync(process.env.OPENED_FILE, process.argv[2] + '\n');
