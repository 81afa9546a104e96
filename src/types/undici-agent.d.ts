// undici's Agent module, imported directly (it has the same type as the package's Agent).
declare module 'undici/lib/dispatcher/agent.js' {
  import { Agent } from 'undici';
  export default Agent;
}
