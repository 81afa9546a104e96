/** `--insecure-storage` of the two logins: one declaration, the secret it keeps named by each. */
import { switchOption, type Declared } from '../../cli/option-kinds.js';

/** The switch that keeps `secret` (the tokens, the SecretKey) in config.json even where a system keyring answers. */
export function insecureStorageOption(secret: string): Declared<boolean> {
  return switchOption(
    '--insecure-storage',
    `store ${secret} in config.json (0600) even where a system keyring answers`,
  );
}
