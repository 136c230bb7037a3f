// The whole data model of DESIGN.md; later issues add views and queries, not tables.
export * from "./experiments";
export * from "./rollouts";
export * from "./proposals";
export * from "./evaluations";
export * from "./jobs";
export * from "./auth";
