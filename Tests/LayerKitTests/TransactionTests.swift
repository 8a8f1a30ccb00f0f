import Testing
import LayerKit
import TestSupport

/// CATransaction: completion blocks, nesting, settings.
struct TransactionTests {
    @Test func completionRunsWhenTheTransactionsAnimationsFinish() throws {
        let driver = FrameDriver()
        let layer = driver.committedLayer()
        var done: [Double] = []
        let tx = driver.scene.transactions
        driver.scene.perform {
            tx.begin()
            tx.setCompletionBlock { done.append(driver.scene.time) }
            try? layer.addAnimation(basic("opacity", from: .number(0), to: .number(1), duration: 1), forKey: "a")
            try? layer.addAnimation(basic("position.x", from: .number(0), to: .number(1), duration: 2), forKey: "b")
            try? tx.commit()
        }
        driver.run(until: 1.5)
        #expect(done.isEmpty)
        driver.run(until: 2.1)
        #expect(done.count == 1)
        #expect(done[0] >= 2 && done[0] < 2 + driver.frameDuration + 1e-9)
    }

    /// Seed 001 sets the block after adding the animations, seed 003 before: both wait for them.
    @Test(arguments: [true, false])
    func blockMaySetBeforeOrAfterTheAnimations(setFirst: Bool) throws {
        let driver = FrameDriver()
        let layer = driver.committedLayer()
        var done = 0
        let tx = driver.scene.transactions
        driver.scene.perform {
            tx.begin()
            if setFirst { tx.setCompletionBlock { done += 1 } }
            try? layer.addAnimation(basic("opacity", from: .number(0), to: .number(1), duration: 1), forKey: "a")
            if !setFirst { tx.setCompletionBlock { done += 1 } }
            try? tx.commit()
        }
        driver.run(until: 0.9)
        #expect(done == 0)
        driver.run(until: 1.1)
        #expect(done == 1)
    }

    @Test func withoutAnimationsTheBlockRunsRightAfterCommit() {
        let driver = FrameDriver()
        var done = 0
        let tx = driver.scene.transactions
        driver.scene.perform {
            tx.begin()
            tx.setCompletionBlock { done += 1 }
            try? tx.commit()
        }
        #expect(done == 0)
        driver.frame(at: driver.frameDuration)
        #expect(done == 1)
    }

    @Test func nestedAnimationsCountForTheOuterTransactionAndInnerCompletesFirst() throws {
        let driver = FrameDriver()
        let layer = driver.committedLayer()
        var order: [String] = []
        let tx = driver.scene.transactions
        driver.scene.perform {
            tx.begin()
            tx.setCompletionBlock { order.append("outer") }
            try? layer.addAnimation(basic("opacity", from: .number(0), to: .number(1), duration: 0.5), forKey: "a")
            tx.begin()
            tx.setCompletionBlock { order.append("inner") }
            try? layer.addAnimation(basic("position.x", from: .number(0), to: .number(1), duration: 1), forKey: "b")
            try? tx.commit()
            try? tx.commit()
        }
        driver.run(until: 0.75)
        #expect(order.isEmpty)
        driver.run(until: 1.1)
        #expect(order == ["inner", "outer"])
    }

    @Test func removingAnAnimationCompletesItsTransaction() throws {
        let driver = FrameDriver()
        let layer = driver.committedLayer()
        var done = 0
        let tx = driver.scene.transactions
        driver.scene.perform {
            tx.begin()
            tx.setCompletionBlock { done += 1 }
            try? layer.addAnimation(basic("opacity", from: .number(0), to: .number(1), duration: 10), forKey: "a")
            try? tx.commit()
        }
        driver.run(until: 1)
        layer.removeAnimation(forKey: "a")
        driver.frame(at: 1.1)
        #expect(done == 1)
    }

    /// Seed 003: a completion block chains the next animations in a transaction of its own.
    @Test func completionBlocksChainTransactions() throws {
        let driver = FrameDriver()
        let layer = driver.committedLayer()
        var log: [String] = []
        let tx = driver.scene.transactions
        driver.scene.perform {
            tx.begin()
            tx.setCompletionBlock {
                log.append("shake done")
                tx.begin()
                tx.setCompletionBlock { log.append("grow done") }
                try? layer.addAnimation(basic("bounds.size.height", from: .number(100), to: .number(200), duration: 1), forKey: "grow")
                try? tx.commit()
            }
            try? layer.addAnimation(basic("position.x", by: .number(10), duration: 0.4), forKey: "shake")
            try? tx.commit()
        }
        driver.run(until: 0.45)
        #expect(log == ["shake done"])
        driver.run(until: 0.9)
        let h = layer.rect(.bounds, .presentation).height
        #expect(h > 100 && h < 200)
        driver.run(until: 1.5)
        #expect(log == ["shake done", "grow done"])
    }

    @Test func commitWithoutBeginIsAnError() {
        let scene = Scene(size: Size(width: 10, height: 10))
        #expect(throws: TransactionError.commitWithoutBegin) { try scene.transactions.commit() }
    }

    @Test func performReportsTransactionsLeftOpen() {
        let scene = Scene(size: Size(width: 10, height: 10))
        let unbalanced = scene.perform {
            scene.transactions.begin()
            scene.transactions.begin()
        }
        #expect(unbalanced == 2)
        #expect(scene.transactions.depth == 0)
    }

    @Test func settingsAreInheritedByNestedTransactions() {
        let scene = Scene(size: Size(width: 10, height: 10))
        let tx = scene.transactions
        tx.begin()
        tx.setAnimationDuration(3)
        tx.setDisableActions(true)
        tx.begin()
        #expect(tx.animationDuration == 3)
        #expect(!tx.actionsEnabled)
        tx.setDisableActions(false)
        #expect(tx.actionsEnabled)
        try? tx.commit()
        #expect(!tx.actionsEnabled)
        try? tx.commit()
        #expect(tx.animationDuration == 0.25)
    }

    /// A completion block that starts an empty transaction with a completion block of its own, for ever,
    /// must not keep a frame from ending.
    @Test func endlessCompletionChainsDoNotHangAFrame() {
        let driver = FrameDriver()
        let tx = driver.scene.transactions
        var count = 0
        func chain() {
            tx.begin()
            tx.setCompletionBlock { count += 1; chain() }
            try? tx.commit()
        }
        driver.scene.perform { chain() }
        driver.frame(at: 0.1)
        #expect(count == Scene.maxCompletionRounds)
        driver.frame(at: 0.2)
        #expect(count == 2 * Scene.maxCompletionRounds)
    }
}
