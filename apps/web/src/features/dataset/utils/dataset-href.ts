// Where one dataset's detail lives: the list route with ?id= (SPEC §2 has no separate detail path).
export const datasetHref = (id: number) => `/train/dataset?id=${id}`;
