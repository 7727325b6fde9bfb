import { ESLint } from 'eslint';

/** The purity rule of libs/domain, through the repository's own lint configuration. */
describe('libs/domain imports only its own files and the positive list', () => {
  const eslint = new ESLint({ cwd: process.cwd() });
  const lint = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: file });
    return result!.messages.filter((m) => m.ruleId === 'purity/domain-imports').map((m) => m.message);
  };

  it.each([
    ["import { sha256 } from '@noble/hashes/sha2.js';"],
    ["import { GAME_KEYS } from '../games/games.js';"],
    ["export * from './payment/deposit-claim.js';"],
  ])('accepts %s', async (code) => {
    expect(await lint('libs/domain/src/payment/x.ts', code)).toEqual([]);
  });

  it.each([
    ["import { Injectable } from '@nestjs/common';"],
    ["import { useState } from 'react';"],
    ["import { randomUUID } from 'node:crypto';"],
    ["import { readFileSync } from 'fs';"],
    ["import { Database } from '@app/db';"],
    ["import type { Bet } from '@app/contracts';"],
    ["import { sql } from 'kysely';"],
    ["import { x } from '../../../../apps/api/src/main.js';"],
    ["export { ok } from '../../../contracts/src/envelope.js';"],
    ["const m = await import('ioredis');"],
    ["import fs = require('fs');"],
    ["type Stats = import('node:fs').Stats;"],
  ])('refuses %s', async (code) => {
    const messages = await lint('libs/domain/src/payment/x.ts', code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(
      /libs\/domain(, which)? imports only its own files and @noble\/hashes, @noble\/curves, unhomoglyph\.$/,
    );
  });

  it('holds for every kind of source file in libs/domain, not only .ts', async () => {
    for (const file of ['libs/domain/src/x.tsx', 'libs/domain/src/x.mjs', 'libs/domain/src/x.js']) {
      expect(await lint(file, "import { Injectable } from '@nestjs/common';")).toHaveLength(1);
    }
  });

  it('lets a spec use fast-check, but not production code', async () => {
    expect(await lint('libs/domain/src/payment/x.spec.ts', "import fc from 'fast-check';")).toEqual([]);
    expect(await lint('libs/domain/src/payment/x.ts', "import fc from 'fast-check';")).toHaveLength(1);
  });

  it('keeps libs/contracts to the domain', async () => {
    expect(await lint('libs/contracts/src/x.ts', "import type { GameKey } from '@app/domain';")).toEqual([]);
    expect(await lint('libs/contracts/src/x.ts', "import { Injectable } from '@nestjs/common';")).toHaveLength(1);
  });
});
