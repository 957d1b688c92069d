/**
 * Builds `entry.tsx` as a single-bundle site: one script and one HTML page, compiled, minified and
 * pre-compressed exactly as the real apps are (the same preset's pieces). Modules resolve from the
 * host's dependencies, so React, MUI and the rest are the very versions the federated site ships.
 */
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { catalogRule, minimizer, pageTemplate, precompressed, swcRule } = require('@wallet/shared/webpack-preset');

const root = path.resolve(__dirname, '../../..');

module.exports = (env = {}) => ({
  mode: 'production',
  context: __dirname,
  entry: { main: './entry.tsx' },
  output: {
    path: env.out ?? path.join(__dirname, 'dist'),
    publicPath: '/',
    filename: '[name].[contenthash:8].js',
    clean: true,
  },
  devtool: false,
  resolve: {
    extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
    modules: ['node_modules', path.join(root, 'host', 'node_modules')],
  },
  module: { rules: [swcRule(true), catalogRule()] },
  optimization: { minimizer: [minimizer()] },
  performance: { hints: false },
  plugins: [
    // One script: every lazy page of every area folded into it.
    new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    new HtmlWebpackPlugin({ templateContent: pageTemplate('Digital Wallet') }),
    ...precompressed(),
  ],
});
