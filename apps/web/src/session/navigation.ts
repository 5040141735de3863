// Lets non-React code (session actions, API reactions) move the router. Set once by the router root.
type Navigate = (to: string, opts?: { replace?: boolean; state?: unknown }) => void;

let navigator: Navigate = (to) => {
  window.location.assign(to);
};

export const setNavigator = (n: Navigate) => {
  navigator = n;
};

export const navigateTo: Navigate = (to, opts) => navigator(to, opts);
