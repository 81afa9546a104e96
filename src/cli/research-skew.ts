/** The research clock skew kept per profile (a day), and where each research credential came from. */
import type { ResearchDeps } from './clients.js';
import type { Settings } from '../config/settings.js';
import type { ConfigStore } from '../config/profile-file.js';
import { setPath } from '../config/schema.js';

/** How long a measured skew is trusted. */
export const SKEW_TTL_MS = 24 * 60 * 60 * 1000;

/** The skew stored in the profile, if measured within the last day. */
export function storedSkew(settings: Settings, nowMs = Date.now()): number | undefined {
  const kept = settings.stored.research?.clockSkew;
  if (!kept || !Number.isFinite(kept.seconds) || !(nowMs - kept.measuredAt < SKEW_TTL_MS)) return undefined;
  return kept.seconds;
}

/** "7200 s behind" / "90 s ahead of": our clock against the server's. */
export function describeSkew(skewS: number): string {
  return `${Math.abs(skewS)} s ${skewS > 0 ? 'behind' : 'ahead of'}`;
}

/**
 * What the research client needs beyond settings: the kept skew, and a callback that keeps a new skew
 * for the profile and says so once on stderr.
 */
export function researchDeps(
  settings: Settings,
  store: ConfigStore,
  say: (line: string) => Promise<void>,
): ResearchDeps {
  const profile = `profile "${settings.profile}"`;
  let told = false;
  return {
    skewS: storedSkew(settings),
    async onSkewCorrected(skewS) {
      // Only a stored profile keeps it: profiles are never created behind the user's back.
      const kept = store.hasProfile(settings.profile);
      if (kept)
        await store.updateProfile(settings.profile, (p) =>
          setPath(p, 'research.clockSkew', { seconds: skewS, measuredAt: Date.now() }),
        );
      if (told) return;
      told = true;
      const where = kept ? `kept for a day in ${profile}` : `for this run: ${profile} is not stored`;
      await say(
        `note: this computer's clock is ${describeSkew(skewS)} the research server's; research keys now use the server's time (${where})`,
      );
    },
  };
}
