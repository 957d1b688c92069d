/** The major version of Node the project runs on (Node 24 LTS). */
export const NODE_MAJOR: number;
/** Stops the process, saying what to do, when it runs on a Node other than the project's. */
export function requireProjectNode(program: string): void;
