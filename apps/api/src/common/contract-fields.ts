/**
 * Compile-time link between a request DTO and its wire type in @app/contracts: `true` exactly when the DTO names the
 * contract's fields, no more and no fewer, so the documented request and the client's type cannot drift apart.
 * Otherwise the type names the fields that differ, and the assignment below the DTO fails to compile:
 * `const _fields: SameFields<DepositDto, DepositRequest> = true;`
 */
export type SameFields<Dto, Contract> = [
  Exclude<keyof Dto, keyof Contract>,
  Exclude<keyof Contract, keyof Dto>,
] extends [never, never]
  ? true
  : { notInContract: Exclude<keyof Dto, keyof Contract>; missingFromDto: Exclude<keyof Contract, keyof Dto> };
