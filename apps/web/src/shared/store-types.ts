/* eslint-disable @typescript-eslint/no-empty-object-type -- the interfaces below are filled in by app/ (see the comment). */
import type { Reducer } from '@reduxjs/toolkit';

/**
 * The store's types, named here so that features (and shared/) never import app/: the dependency runs
 * features → shared only. The app shell fills them in where it assembles the store, by declaration merging:
 * `app/root-reducer.ts` declares `RootState` and `LazyLoadedSlices`, `app/store.ts` declares `AppStore`
 * (`declare module '../shared/store-types' { interface RootState extends … {} }`). Nothing here exists at run time.
 */

/** The whole state of the store (app/root-reducer.ts). */
export interface RootState {}

/**
 * Slices that come with a lazily loaded part of the app (the admin console brings its own, so a player's bundle
 * holds none of its code); their state is absent until the part has loaded (app/root-reducer.ts).
 */
export interface LazyLoadedSlices {}

/** The store, with `injectFeature` for the lazily loaded parts (app/store.ts). */
export interface AppStore {}

export type AppDispatch = AppStore['dispatch'];

/** A watcher of the root saga: a generator function that runs for the life of the store (or returns once done). */
export type Watcher = () => Generator<unknown, unknown, never>;

/**
 * A part of the app loaded on demand (the admin console): its slice and its watcher, added to the store on arrival.
 * Without a key it is any one of them (distributed over the keys, so each feature keeps its own slice's type).
 */
export type LazyFeature<K extends keyof LazyLoadedSlices = keyof LazyLoadedSlices> = K extends keyof LazyLoadedSlices
  ? { reducerPath: K; reducer: Reducer<LazyLoadedSlices[K]>; watcher: Watcher }
  : never;
